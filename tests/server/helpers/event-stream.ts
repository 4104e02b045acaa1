// Reads a server-sent event stream (GET /api/field/events) as a test would watch it: wait for an event, then stop.
export function eventStream(res: Response, controller: AbortController) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    /** Reads until `needle` has arrived (true) or the stream ended without it (false). */
    async until(needle: string): Promise<boolean> {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text.includes(needle);
    },
    /** Everything read so far. */
    text: () => text,
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}
