/** PostgREST-shaped errors: `{ code, message, details, hint }` with an HTTP status; messages in Korean. */
export class PgrstError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, code: string, message: string, hint: string | null = null, details: string | null = null, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.hint = hint;
    this.details = details;
    this.headers = headers;
  }

  toBody() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}
