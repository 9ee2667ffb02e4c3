// Reading a source's JSON, the same for the forex and the stocks providers: a body that is not
// JSON is a format error naming the source, and a JSON object is told from arrays and null.
import { ProviderFormatError } from './types';

export function parseJson(source: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderFormatError(source, `the response is not JSON: ${text.slice(0, 80)}`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
