/**
 * The case's output folder (`BLADE_OUTPUT_DIR`): what the agent collects from it as the case's attachments, within
 * which limits, and the words a skipped file is reported with. Shared by the agent (which skips a file over a limit
 * and says so in the case's log) and the server (which refuses it with the same words should an agent not check).
 */

/** The environment variable that tells a script where to write the files it wants kept with its case. */
export const OUTPUT_DIR_VARIABLE = 'BLADE_OUTPUT_DIR';

export interface AttachmentLimits {
  /** Largest single attachment, in bytes. */
  fileBytes: number;
  /** Largest sum of one case's attachments, in bytes. */
  caseBytes: number;
  /** Most attachments one case keeps. */
  caseFiles: number;
}

/** `10 MB`, `512 KB`, `12 B`: how a size reads in a message. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} B`;
}

/** `size` unknown (a body sent in chunks) leaves it out. */
export const fileTooLarge = (name: string, size: number | undefined, limits: AttachmentLimits) =>
  `附件 ${name}${size ? ` 大小 ${sizeText(size)}` : ''} 超过单个附件上限 ${sizeText(limits.fileBytes)}，未上传`;
export const caseTooLarge = (name: string, limits: AttachmentLimits) => `附件 ${name} 未上传：本用例附件合计超过上限 ${sizeText(limits.caseBytes)}`;
export const tooManyFiles = (name: string, limits: AttachmentLimits) => `附件 ${name} 未上传：本用例附件超过 ${limits.caseFiles} 个`;

/**
 * The name an attachment is listed and downloaded by: the file's path inside the output folder, `/`-separated,
 * without empty, `.` or `..` segments or control characters. Empty when nothing is left.
 */
export function attachmentName(raw: string): string {
  return (
    raw
      .split(/[/\\]+/)
      // eslint-disable-next-line no-control-regex
      .map((segment) => segment.replace(/[\u0000-\u001f\u007f]/g, '').trim())
      .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
      .join('/')
      .slice(-255)
  );
}
