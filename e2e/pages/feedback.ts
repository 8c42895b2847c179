import { deflateSync, crc32 } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';
import { acceptCookies } from '../support/shell';

/** Page object of the feedback area: /feedback/{tab}, its detail and delete dialogs, and the create and edit forms. */

export type FeedbackTab = 'CHECK' | 'EDC' | 'OTHER';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `size`×`size` pixels of one colour, made here so the test needs no files. */
export function pngBytes(size = 8, rgb: [number, number, number] = [200, 40, 40]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG padded past its end to `bytes` (a valid image that is too large). */
export const oversizedPng = (bytes: number) => Buffer.concat([pngBytes(), Buffer.alloc(bytes - pngBytes().length)]);

/** A real JPEG, encoded by the browser itself (a canvas), so the test needs no files. */
export async function jpegBytes(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 16;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2a6';
    context.fillRect(0, 0, 16, 16);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

export class FeedbackPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly skeletons: Locator;
  readonly add: Locator;
  readonly store: Locator;
  readonly content: Locator;
  readonly serial: Locator;
  readonly description: Locator;
  readonly fileInput: Locator;
  readonly images: Locator;
  readonly imageMessages: Locator;
  readonly detailDialog: Locator;
  readonly deleteDialog: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    const tx = (key: string) => this.tx(key);
    this.heading = page.getByRole('heading', { level: 1, name: tx('title') });
    this.table = page.getByTestId('feedback-table').getByRole('table');
    this.rows = page.getByTestId('feedback-table').getByTestId('data-row');
    this.skeletons = page.getByTestId('feedback-table').getByTestId('skeleton-row');
    this.add = page.getByRole('link', { name: tx('add') });
    this.store = page.getByTestId('store-filter');
    this.content = page.getByTestId('feedback-content');
    this.serial = page.getByTestId('feedback-serial');
    this.description = page.getByTestId('feedback-description');
    this.fileInput = page.locator('input[type=file]');
    this.images = page.getByTestId('feedback-images').getByRole('listitem');
    this.imageMessages = page.getByTestId('feedback-image-messages');
    this.detailDialog = page.getByRole('dialog', { name: tx('detail.title') });
    this.deleteDialog = page.getByRole('dialog', { name: tx('delete.title') });
  }

  tx(key: string, params: Record<string, string | number> = {}): string {
    return t(this.lang, `feedback:${key}`, params);
  }

  /** Signs in, opens /feedback/{tab}, answers the cookie banner and waits for the rows. */
  static async open(page: Page, merchant: { username: string; password: string }, tab = 'check'): Promise<FeedbackPage> {
    await signIn(page, merchant, { to: `/feedback/${tab}` });
    const f = new FeedbackPage(page);
    await expect(f.heading).toBeVisible({ timeout: 15_000 });
    await acceptCookies(page);
    await f.settled();
    return f;
  }

  async settled(): Promise<void> {
    await expect(this.skeletons).toHaveCount(0, { timeout: 15_000 });
  }

  tab(type: FeedbackTab): Locator {
    return this.page.getByTestId(`feedback-tab-${type}`);
  }

  form(type: FeedbackTab, mode: 'create' | 'update' = 'create'): Locator {
    return this.page.getByRole('form', {
      name: this.tx(mode === 'create' ? 'form.createTitle' : 'form.updateTitle', { type: this.tx(`type.${type}`) }),
    });
  }

  submit(mode: 'create' | 'update' = 'create'): Locator {
    return this.page.getByRole('button', { name: this.tx(mode === 'create' ? 'form.submit' : 'form.save'), exact: true });
  }

  /** A row's action, by its accessible name ("Show feedback 12"), whatever the id. */
  rowButton(row: Locator, action: 'detail' | 'edit' | 'delete'): Locator {
    const [before, after] = this.tx(`actions.${action}`, { id: '\u0000' }).split('\u0000') as [string, string];
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return row.getByRole(action === 'edit' ? 'link' : 'button', { name: new RegExp(`^${escape(before)}\\d+${escape(after)}$`) });
  }

  /** Picks the first store whose name contains `name`. */
  async pickStore(name: string): Promise<void> {
    await this.store.click();
    await this.store.fill(name);
    await this.page
      .getByRole('option', { name: new RegExp(name) })
      .first()
      .click();
  }

  async pick(select: Locator, option: string | RegExp): Promise<void> {
    await select.click();
    await this.page.getByRole('option', { name: option }).first().click();
  }

  async addFiles(files: Array<{ name: string; mimeType: string; buffer: Buffer }>): Promise<void> {
    await this.fileInput.setInputFiles(files);
  }
}
