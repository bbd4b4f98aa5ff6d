/** HTML for the plain-text mails the modules send (one escaping rule for every mail body). */

/** Text safe inside HTML: `& < > " '` become character references. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text mail body as HTML: line breaks kept, in the reader's own font. */
export const preformattedHtml = (text: string) => `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(text)}</pre>`;
