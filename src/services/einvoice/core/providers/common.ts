import { z } from '../../../../config/zod-classic';
import { parseVnDate } from '../../../../rules/vnTime';
import { LOCAL_ERROR_CODES, ServiceError, isServiceError } from '../../../http/errors';
import { einvError } from '../http';
import type { Buyer, DeclarationRecord, ExportInput, ExportLine } from '../types';
import { defaultSleep, type AdapterOptions } from './options';

/** What the four adapters share that is not the wire itself. */

/** doc 2 §9 "Customer default": a walk-in individual without a name. */
export const WALK_IN_BUYER = 'Khách lẻ';

/** The providers' payment method: cash, or a transfer for every cashless method (QR, card, link). */
export function paymentCode(method: ExportInput['paymentMethod']): 'TM' | 'CK' {
  return method === 'CASH' ? 'TM' : 'CK';
}

/** Unix ms of 00:00 in Vietnam on the yyyy-MM-dd day a provider's date starts with; NaN when it is not one. */
export function vnDayStart(day: string): number {
  return parseVnDate(day.slice(0, 10)) ?? Number.NaN;
}

/** Unix ms of a provider's "yyyy-MM-dd HH:mm:ss" in Vietnam time (or a plain day). */
export function vnDateTime(value: string): number {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (!match) return Number.NaN;
  const day = vnDayStart(match[1]!);
  return day + (Number(match[2] ?? 0) * 3600 + Number(match[3] ?? 0) * 60 + Number(match[4] ?? 0)) * 1000;
}

/**
 * One registration declaration as the four providers list it (the same record under their own
 * wrappers: `ds_to_khai`, `declarations`, `Declarations`…); its dates come as unix ms or as text.
 */
export const declarationRowSchema = z.object({
  type: z.string(),
  email: z.string(),
  create_date: z.union([z.number(), z.string()]),
  status_sent: z.string(),
  status_reply: z.string(),
  sender: z.string(),
  sent_date: z.union([z.number(), z.string()]).nullable(),
  status: z.string(),
});

/** A declaration record with its dates as ISO text, whatever the provider sent (unix ms or text). */
export function declarationRecord(raw: z.infer<typeof declarationRowSchema>): DeclarationRecord {
  const date = (value: string | number | null) => (typeof value === 'number' ? new Date(value).toISOString() : (value ?? ''));
  return {
    type: raw.type,
    email: raw.email,
    createDate: date(raw.create_date),
    statusSent: raw.status_sent,
    statusReply: raw.status_reply,
    sender: raw.sender,
    sentDate: date(raw.sent_date),
    status: raw.status,
  };
}

/** The bytes when they are a PDF; INVALID_RESPONSE otherwise (an error page, JSON, nothing). */
export async function asPdf(bytes: Blob | Uint8Array, name: string): Promise<Blob> {
  const blob = bytes instanceof Blob ? bytes : new Blob([bytes as BlobPart]);
  const head = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  if (String.fromCharCode(...head) !== '%PDF-') {
    throw new ServiceError({
      code: LOCAL_ERROR_CODES.invalidResponse,
      status: 200,
      kind: 'invalid-response',
      message: `${name}: not a PDF`,
    });
  }
  return blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
}

/** base64 (a provider's PDF inside JSON) to bytes; INVALID_RESPONSE when it is not base64. */
export function fromBase64(text: string, name: string): Uint8Array {
  try {
    const binary = atob(text.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch (cause) {
    throw new ServiceError({
      code: LOCAL_ERROR_CODES.invalidResponse,
      status: 200,
      kind: 'invalid-response',
      message: `${name}: bad base64`,
      cause,
    });
  }
}

/** How often and how far apart a provider's "file not ready" is asked again before EINV_PDF_NOT_READY. */
export const PDF_RETRIES = 3;
export const PDF_RETRY_DELAY_MS = 500;

/**
 * Runs `attempt` and, while it rejects EINV_PDF_NOT_READY, again up to PDF_RETRIES more times,
 * PDF_RETRY_DELAY_MS apart; then the last EINV_PDF_NOT_READY goes to the caller.
 */
export async function retryNotReady<T>(
  attempt: () => Promise<T>,
  options: Pick<AdapterOptions, 'sleep'>,
  signal?: AbortSignal,
): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isServiceError(error) || error.code !== 'EINV_PDF_NOT_READY' || tries >= PDF_RETRIES) throw error;
    }
    await sleep(PDF_RETRY_DELAY_MS, signal);
  }
}

/**
 * A provider answer in no shape the adapter knows (not the success shape, nor an error it can read): a
 * 5xx is the provider failing, another 4xx a request refused before the provider read it (a gateway,
 * the sandbox's own input checks), anything else an answer that makes no sense.
 */
export function unexpected(name: string, status: number): ServiceError {
  if (status >= 500)
    return new ServiceError({ code: LOCAL_ERROR_CODES.unknown, status, kind: 'server', message: `${name}: HTTP ${status}` });
  if (status >= 400)
    return new ServiceError({ code: LOCAL_ERROR_CODES.badRequest, status, kind: 'server', message: `${name}: HTTP ${status}` });
  return new ServiceError({
    code: LOCAL_ERROR_CODES.invalidResponse,
    status,
    kind: 'invalid-response',
    message: `${name}: unexpected answer (HTTP ${status})`,
  });
}

/**
 * User text on its way into an invoice (buyer, lines): control characters (NUL, tabs, line breaks)
 * become spaces, runs of spaces one, and the ends are trimmed. Providers refuse control characters, and an invoice line is
 * one line; everything else (Vietnamese, emoji, markup) is sent as typed: it is data, printed as text.
 */
export function cleanText(value: string | undefined | null): string {
  return (value ?? '')
    .replace(/[\u0000-\u001F\u007F]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export { einvError };

/** The buyer with every text cleaned (cleanText); an empty optional field is left out. */
export function cleanBuyer(buyer: Buyer): Buyer {
  const out: Buyer = { isIndividual: buyer.isIndividual, name: cleanText(buyer.name) };
  for (const key of ['company', 'taxCode', 'address', 'email', 'phone', 'idCard'] as const) {
    const value = cleanText(buyer[key]);
    if (value) out[key] = value;
  }
  return out;
}

/** A line with its texts cleaned (cleanText); its figures and tax class as they were. */
export function cleanLine(line: ExportLine): ExportLine {
  const unit = cleanText(line.unit);
  return {
    name: cleanText(line.name),
    ...(unit ? { unit } : {}),
    quantity: line.quantity,
    unitPriceGross: line.unitPriceGross,
    taxClass: line.taxClass,
  };
}
