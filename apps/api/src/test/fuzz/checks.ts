// What every answer to hostile input must satisfy.

export interface Answer {
  status: number;
  contentType: string;
  body: string;
  ms: number;
}

/** Traces of internals: stack frames, SQL and driver errors, source paths. */
const LEAK =
  /\bat [^\n]*:\d+:\d+|node_modules|\/work\/|\/src\/|\.ts:\d+|SQLITE_|sqlite3?\b|\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|syntax error at|violates [a-z ]*constraint|duplicate key value|relation "[^"]*"|invalid byte sequence|invalid input syntax|out of range for type|\bpg_|Kysely|ZodError|FST_[A-Z_]+/i;

/** DRF's error shape: {"detail": "..."} (with any other keys) or {"field": ["message", ...]}. */
export function isDrfError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  if (typeof record.detail === 'string') return true;
  const values = Object.values(record);
  return (
    values.length > 0 &&
    values.every((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'))
  );
}

/** Everything wrong with one answer (empty when it is fine). */
export function problemsWith(answer: Answer, method: string, timeoutMs: number): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  if (answer.ms > timeoutMs) problems.push(`took ${Math.round(answer.ms)} ms`);
  const textual = /json|text|html/.test(answer.contentType) || answer.contentType === '';
  if (textual && LEAK.test(answer.body)) {
    problems.push(`body shows internals: ${JSON.stringify(answer.body.match(LEAK)?.[0])}`);
  }
  if (answer.status >= 400 && answer.status < 500 && method !== 'HEAD') {
    if (!answer.contentType.startsWith('application/json')) {
      problems.push(`4xx with content-type ${JSON.stringify(answer.contentType)}`);
    } else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        problems.push('4xx body is not JSON');
      }
      if (parsed !== undefined && !isDrfError(parsed))
        problems.push('4xx body is not in the DRF error shape');
    }
  }
  return problems;
}
