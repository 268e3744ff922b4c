import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { UploadImageType } from '@bourse/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from './errors';

export interface SniffedImage {
  mime: UploadImageType;
  ext: 'jpg' | 'png' | 'webp';
}

/**
 * What an image really is, from its first bytes: the name and the declared content type are the sender's claim and
 * are ignored. Only JPEG, PNG and WebP pass; anything else (SVG with script, HTML, PDF, executables) is refused.
 */
export function sniffImage(bytes: Buffer): SniffedImage | null {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mime: 'image/jpeg', ext: 'jpg' };
  }
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // A PNG starts with its signature and then the IHDR chunk.
  if (bytes.length >= 16 && bytes.subarray(0, 8).equals(png) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { mime: 'image/png', ext: 'png' };
  }
  if (
    bytes.length >= 16 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP' &&
    ['VP8 ', 'VP8L', 'VP8X'].includes(bytes.toString('latin1', 12, 16))
  ) {
    return { mime: 'image/webp', ext: 'webp' };
  }
  return null;
}

export interface UploadedImage extends SniffedImage {
  bytes: Buffer;
}

export interface MultipartLimits {
  /** Largest accepted file, in bytes. */
  maxFileBytes: number;
  /** The file fields the route accepts; any other file field is refused. */
  fileFields: readonly string[];
  /** The text fields the route accepts; others are ignored. */
  textFields: readonly string[];
}

function isFastifyError(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && codes.includes(error.code);
}

/**
 * Reads a multipart/form-data request into text fields and sniffed images, all in memory (a few MB at most), so the
 * caller can check everything before anything is stored. Too large → PAYLOAD_TOO_LARGE; not an accepted image →
 * UNSUPPORTED_FILE_TYPE; not multipart, an unknown or repeated file field → INVALID_PARAMS.
 */
export async function readImageForm(
  request: FastifyRequest,
  limits: MultipartLimits,
): Promise<{ fields: Record<string, string>; images: Map<string, UploadedImage> }> {
  if (!request.isMultipart()) throw new DomainError('INVALID_PARAMS', { detail: 'multipart/form-data expected' });
  const fields: Record<string, string> = {};
  const images = new Map<string, UploadedImage>();
  // The whole body is read before answering, even after a problem: answering mid-upload makes clients see a reset.
  let problem: DomainError | null = null;
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        files: limits.fileFields.length,
        fields: limits.textFields.length,
        fieldSize: 1024,
        parts: limits.fileFields.length + limits.textFields.length,
      },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        const kind = sniffImage(bytes);
        if (!limits.fileFields.includes(part.fieldname) || images.has(part.fieldname)) {
          problem ??= new DomainError('INVALID_PARAMS', { detail: `file field ${part.fieldname}` });
        } else if (!kind) {
          problem ??= new DomainError('UNSUPPORTED_FILE_TYPE');
        } else {
          images.set(part.fieldname, { ...kind, bytes });
        }
      } else if (limits.textFields.includes(part.fieldname) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isFastifyError(error, 'FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT')) {
      throw new DomainError('PAYLOAD_TOO_LARGE');
    }
    if (error instanceof DomainError) throw error;
    // Anything else the form parser throws (a truncated body, a missing boundary, a broken part header) is the
    // client's malformed body — nothing here reads from anywhere but the request.
    throw new DomainError('INVALID_PARAMS', { detail: 'multipart body' });
  }
  if (problem) throw problem;
  return { fields, images };
}

/**
 * Uploaded files under one folder outside the web root (config.uploadsDir). Names are random and chosen here, so
 * nothing the sender says ends up in a path; reads refuse anything that would leave the folder.
 */
export class FileStore {
  constructor(private readonly root: string) {}

  /** Writes the bytes under `folder` with a fresh random name and returns the path relative to the store. */
  save(folder: string, bytes: Buffer, ext: string): string {
    const relative = path.posix.join(folder, `${randomBytes(16).toString('hex')}.${ext}`);
    const full = this.resolve(relative);
    mkdirSync(path.dirname(full), { recursive: true, mode: 0o700 });
    writeFileSync(full, bytes, { mode: 0o600, flag: 'wx' });
    return relative;
  }

  read(relative: string): Buffer {
    return readFileSync(this.resolve(relative));
  }

  remove(relative: string): void {
    rmSync(this.resolve(relative), { force: true });
  }

  private resolve(relative: string): string {
    const full = path.resolve(this.root, relative);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new DomainError('NOT_FOUND');
    return full;
  }
}

/**
 * Sends stored image bytes so that a browser can only ever treat them as an image: the sniffed type, no sniffing
 * by the browser, no scripts even if opened directly.
 */
export function sendImage(
  reply: FastifyReply,
  bytes: Buffer,
  mime: string,
  cache: 'private' | 'immutable',
): FastifyReply {
  return reply
    .header('content-type', mime)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('content-disposition', 'inline')
    .header('cache-control', cache === 'private' ? 'private, no-store' : 'public, max-age=31536000, immutable')
    .send(bytes);
}
