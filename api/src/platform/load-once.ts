/**
 * A heavy library loaded the first time it is needed, then kept: a process that never decodes an
 * image or renders an invoice never holds sharp or pdfkit (tens of MiB of resident memory each), and
 * the API, which does both rarely, starts smaller. A load that failed is tried again next time.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
