// A stand-in for the browser's EventSource (server-sent events): records every stream opened, and a
// test delivers events with emit().
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  listeners: Record<string, ((e: MessageEvent) => void)[]> = {};
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), fn];
  }
  close() {
    this.closed = true;
  }
  /** Delivers an event with `data` as JSON and `id` as its lastEventId. */
  emit(type: string, data: unknown = {}, id = '') {
    for (const fn of this.listeners[type] ?? [])
      fn(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
  /** The query of the stream's URL. */
  get params() {
    return new URL(this.url, 'http://localhost').searchParams;
  }
}
