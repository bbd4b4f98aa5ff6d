/** Reads an event stream's body as text: `readUntil(needle)` reads until the text so far holds the needle (or the body ends). */
export function eventStreamReader(res: Response): {
  readUntil: (needle: string) => Promise<void>;
  text: () => string;
  reader: ReadableStreamDefaultReader<Uint8Array>;
} {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const readUntil = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
  };
  return { readUntil, text: () => text, reader };
}
