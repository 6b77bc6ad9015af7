import { http } from './http';

/** The file name of an attachment answer (`filename*=UTF-8''...` first, so Chinese names survive). */
function fileNameOf(disposition: string | undefined, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (encoded) return decodeURIComponent(encoded[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain?.[1] ?? fallback;
}

/** GETs a file answer through the one http client (token, errors) and hands it to the browser as a download. */
export async function downloadFile(url: string, params: Record<string, unknown>, fallbackName: string): Promise<string> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob' });
  const name = fileNameOf(response.headers['content-disposition'] as string | undefined, fallbackName);
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download: the URL may go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}
