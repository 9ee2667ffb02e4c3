// The refresh answer's schema, loaded by api-client when a refresh first runs: by name, so that the
// bundle brings the accounts contracts with it, not every screen's schemas (decision 0022).
export { TokenPair } from '@staff/contracts';
