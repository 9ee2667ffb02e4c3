// This process's metrics, made by main.ts when METRICS_PORT is set (a dynamic import, so with metrics
// off prom-client is never loaded): a cluster's worker answers its primary's requests over IPC; a
// process on its own serves its registry at the metrics address itself.
import cluster from 'node:cluster';
import { type AppMetrics, createAppMetrics } from './app-metrics';
import { answerClusterPrimary, type MetricsAddress, serveProcessMetrics } from './metrics-server';

export async function startProcessMetrics(address: MetricsAddress): Promise<AppMetrics> {
  const metrics = createAppMetrics();
  if (cluster.isWorker) answerClusterPrimary(metrics.registry);
  else await serveProcessMetrics(metrics.registry, address);
  return metrics;
}
