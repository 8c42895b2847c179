import type { FastifyRequest } from 'fastify';
import type { SandboxContext } from '../../platform/context';
import { ApiError, required } from '../../platform/http/envelope';
import { METHODS, WIDGET_TYPES, type WidgetType } from './store';
export { bodyOf } from '../../platform/http/body';

/** What the checkout calls accept: the merchant form, the widget form and a payment link's body, each checked field by field (CONTRACT14 §A, §B). */

export const LOGO_MAX_BYTES = 102_400;
const NAME_MAX = 100;
const URL_MAX = 2048;
const BUTTON_TEXT_MAX = 30;
export const ORDER_ID_MAX = 64;
export const AMOUNT_MIN = 1_000;
export const AMOUNT_MAX = 999_999_999;
export const LIST_MAX_PAGE_SIZE = 100;
export const SEARCH_MAX = 64;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const notFound = (what = 'merchant') => new ApiError(404, 'NOT_FOUND', `No such ${what}`);
export const badRequest = (field: string, message: string) => new ApiError(400, 'BAD_REQUEST', message, { field });

/** The spec's widget-save refusal (doc 2 §8): every failing field, in form order, message in English. */
export interface FieldProblem {
  field: string;
  msg: string;
}
export const validationError = (errors: FieldProblem[]) =>
  new ApiError(400, 'VALIDATION_ERROR', `${errors[0]!.field}: ${errors[0]!.msg}`, { errors });

/** Why a URL cannot be a return, cancel or notification address, or null. */
export function urlProblem(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return 'is required';
  if (value.length > URL_MAX) return `must be at most ${URL_MAX} characters`;
  if (/\s/.test(value) || CONTROL.test(value)) return 'must not contain spaces or control characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a valid URL';
  }
  if (url.protocol !== 'https:') return 'must be an https:// URL';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (!url.hostname) return 'must name a host';
  return null;
}

/** A form's fields, each with every value sent (payment_methods repeats). Files are read and dropped. */
export async function readForm(request: FastifyRequest): Promise<Map<string, string[]>> {
  const fields = new Map<string, string[]>();
  const add = (name: string, value: string) => fields.set(name, [...(fields.get(name) ?? []), value]);
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') await part.toBuffer();
        else if (typeof part.value === 'string') add(part.fieldname, part.value);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw badRequest('body', 'Malformed or too large form data');
    }
    return fields;
  }
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(415, 'BAD_REQUEST', 'Send the form as multipart/form-data or application/x-www-form-urlencoded', { field: 'body' });
  }
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) if (typeof one === 'string') add(name, one);
  }
  return fields;
}

/** The caller's merchant named by its id or the profile's ref_id (doc 2 §6); anything else is not found. */
export async function isCallersMerchant(ctx: SandboxContext, merchantId: string, named: string): Promise<boolean> {
  if (named === merchantId) return true;
  if (named === '' || named.length > 64) return false;
  const [row] = await ctx.db.query(`SELECT 1 FROM merchants WHERE id = $1 AND ref_id = $2`, [merchantId, named]);
  return Boolean(row);
}

/** PUT /merchants/{id}'s fields checked in form order. */
export function checkMerchantForm(
  fields: Map<string, string[]>,
  merchantId: string,
  namedOk: boolean,
): {
  problems: FieldProblem[];
  value: { name: string; urls: Record<'return_url' | 'cancel_url' | 'ipn_url', string>; active: Set<WidgetType> };
} {
  const problems: FieldProblem[] = [];
  const one = (name: string) => fields.get(name)?.at(-1);
  const id = one('merchant_id');
  if (id !== undefined && id !== merchantId && !namedOk) problems.push({ field: 'merchant_id', msg: "must be this merchant's id" });
  const name = (one('merchant_name') ?? '').trim();
  if (name === '') problems.push({ field: 'merchant_name', msg: 'is required' });
  else if ([...name].length > NAME_MAX) problems.push({ field: 'merchant_name', msg: `must be at most ${NAME_MAX} characters` });
  else if (CONTROL.test(name)) problems.push({ field: 'merchant_name', msg: 'must not contain control characters' });
  const urls = { return_url: '', cancel_url: '', ipn_url: '' };
  for (const field of ['return_url', 'cancel_url', 'ipn_url'] as const) {
    const value = one(field);
    const problem = urlProblem(value);
    if (problem) problems.push({ field, msg: problem });
    else urls[field] = value!;
  }
  const active = new Set<WidgetType>();
  for (const raw of fields.get('payment_methods') ?? []) {
    const method = METHODS.find((m) => String(m.id) === raw.trim());
    if (!method) {
      problems.push({ field: 'payment_methods', msg: `has an unknown payment method id` });
      break;
    }
    active.add(method.widget_type);
  }
  return { problems, value: { name, urls, active } };
}

const COLOUR = /^#[0-9a-fA-F]{6}$/;

export interface WidgetChanges {
  columns: Record<string, string | number | boolean>;
  active: Map<WidgetType, boolean>;
  removeLogo: boolean;
}

/** PUT /widgets/{id}'s text fields, in form order; a field not sent keeps its value. */
export function checkWidgetForm(fields: Record<string, string>): { problems: FieldProblem[]; changes: WidgetChanges } {
  const problems: FieldProblem[] = [];
  const columns: Record<string, string | number | boolean> = {};
  for (const name of ['primary_color', 'secondary_color', 'button_color'] as const) {
    const value = fields[name];
    if (value === undefined) continue;
    if (!COLOUR.test(value.trim())) problems.push({ field: name, msg: 'must be a colour #rrggbb' });
    else columns[name] = value.trim().toLowerCase();
  }
  if (fields.logo_height !== undefined) {
    if (!['60', '80', '100'].includes(fields.logo_height.trim())) problems.push({ field: 'logo_height', msg: 'must be 60, 80 or 100' });
    else columns.logo_height = Number(fields.logo_height.trim());
  }
  if (fields.logo_position !== undefined) {
    if (!['left', 'center', 'right'].includes(fields.logo_position.trim()))
      problems.push({ field: 'logo_position', msg: 'must be left, center or right' });
    else columns.logo_position = fields.logo_position.trim();
  }
  if (fields.button_border !== undefined) {
    if (!['true', 'false'].includes(fields.button_border.trim())) problems.push({ field: 'button_border', msg: 'must be true or false' });
    else columns.button_border = fields.button_border.trim() === 'true';
  }
  if (fields.border_radius !== undefined) {
    const raw = fields.border_radius.trim();
    if (!/^\d{1,2}$/.test(raw) || Number(raw) > 24) problems.push({ field: 'border_radius', msg: 'must be a whole number from 0 to 24' });
    else columns.border_radius = Number(raw);
  }
  if (fields.button_text !== undefined) {
    const text = fields.button_text.trim();
    if ([...text].length > BUTTON_TEXT_MAX) problems.push({ field: 'button_text', msg: `must be at most ${BUTTON_TEXT_MAX} characters` });
    else if (CONTROL.test(text)) problems.push({ field: 'button_text', msg: 'must not contain control characters' });
    else columns.button_text = text;
  }
  const active = new Map<WidgetType, boolean>();
  if (fields.active_methods !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.active_methods);
    } catch {
      parsed = undefined;
    }
    const valid =
      Array.isArray(parsed) &&
      parsed.length <= WIDGET_TYPES.length &&
      parsed.every(
        (entry) =>
          typeof entry === 'object' &&
          entry !== null &&
          WIDGET_TYPES.includes((entry as { name: WidgetType }).name) &&
          typeof (entry as { active: unknown }).active === 'boolean',
      );
    if (!valid) problems.push({ field: 'active_methods', msg: 'must be a JSON list of {name, active}' });
    else for (const entry of parsed as { name: WidgetType; active: boolean }[]) active.set(entry.name, entry.active);
  }
  let removeLogo = false;
  if (fields.remove_logo !== undefined) {
    if (!['true', 'false'].includes(fields.remove_logo.trim())) problems.push({ field: 'remove_logo', msg: 'must be true or false' });
    else removeLogo = fields.remove_logo.trim() === 'true';
  }
  return { problems, changes: { columns, active, removeLogo } };
}

/** POST /payment-links' body: REQUIRED for what is missing, BAD_REQUEST {field} for what is wrong. */
export function checkLinkBody(body: Record<string, unknown>): { appId: string; orderId: string; amount: number; invoiceId: number | null } {
  const missing: string[] = [];
  if (body.app_id === undefined || body.app_id === null || body.app_id === '') missing.push('app_id');
  const orderRaw = body.order_id;
  if (orderRaw === undefined || orderRaw === null || (typeof orderRaw === 'string' && orderRaw.trim() === '')) missing.push('order_id');
  if (body.amount === undefined || body.amount === null || body.amount === '') missing.push('amount');
  if (missing.length > 0) throw required(missing);
  if (typeof body.app_id !== 'string' || body.app_id.length > 64) throw badRequest('app_id', 'app_id must be the widget id');
  if (typeof orderRaw !== 'string') throw badRequest('order_id', 'order_id must be text');
  const orderId = orderRaw.trim();
  if ([...orderId].length > ORDER_ID_MAX) throw badRequest('order_id', `order_id must be at most ${ORDER_ID_MAX} characters`);
  if (CONTROL.test(orderId)) throw badRequest('order_id', 'order_id must not contain control characters');
  const amount = body.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < AMOUNT_MIN || amount > AMOUNT_MAX)
    throw badRequest('amount', `amount must be a whole number of đồng from ${AMOUNT_MIN} to ${AMOUNT_MAX}`);
  let invoiceId: number | null = null;
  if (body.invoice_id !== undefined && body.invoice_id !== null) {
    const id = body.invoice_id;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      throw badRequest('invoice_id', 'invoice_id must be an invoice id');
    invoiceId = id;
  }
  return { appId: body.app_id, orderId, amount, invoiceId };
}
