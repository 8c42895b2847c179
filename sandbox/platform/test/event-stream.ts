/**
 * Reads a server-sent event stream in a sandbox test as it arrives (the customer display's relay D141,
 * the kitchen's tickets D326): `events` holds every named event so far, `next(name)` waits for the next
 * one of that name after the last one it returned, `close()` hangs up. The reader wakes on each event
 * rather than polling, so a test waits no longer than the event takes.
 */
export interface EventStreamReader {
  status: number;
  events: Array<{ event: string; data: any }>;
  readonly ended: boolean;
  next(name: string, timeoutMs?: number): Promise<any>;
  close(): void;
}

export async function openEventStream(url: string, token: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const events: Array<{ event: string; data: any }> = [];
  let ended = false;
  let wake = null as (() => void) | null;
  if (res.ok && res.body) {
    void (async () => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data) events.push({ event: name, data: JSON.parse(data) });
            wake?.();
          }
        }
      } catch {
        /* aborted */
      }
      ended = true;
      wake?.();
    })();
  }
  let read = 0;
  return {
    status: res.status,
    events,
    get ended() {
      return ended;
    },
    async next(name: string, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((e, i) => i >= read && e.event === name);
        if (index >= 0) {
          read = index + 1;
          return events[index]!.data;
        }
        if (ended || Date.now() > deadline) throw new Error(`no ${name} event (got ${events.map((e) => e.event).join(', ')})`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => controller.abort(),
  };
}
