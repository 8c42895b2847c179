import type { Locator, Page } from '@playwright/test';
import { t, type Lang } from '../support/i18n';

/**
 * Page object of the notifications area: what it puts in the top bar (connection indicator, mute,
 * the bell and its list) and the spoken announcements, heard through a recorder that stands in for
 * the browser's speech synthesis.
 */

export class TopBar {
  /** The connection indicator; `data-status` is connected, reconnecting, … */
  readonly status: Locator;
  readonly mute: Locator;
  readonly bell: Locator;
  readonly items: Locator;

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'vi',
  ) {
    this.status = page.getByTestId('realtime-status');
    this.mute = page.getByRole('button', { name: t(lang, 'notifications:mute.mute') });
    this.bell = page.getByTestId('notification-bell');
    this.items = page.getByTestId('bell-item');
  }

  /** The bell list's tab of a notification type (0 orders, 1 payment requests, …). */
  bellTab(type: number): Locator {
    return this.page.getByRole('tab', { name: new RegExp(t(this.lang, `notifications:bell.type.${type}`)) });
  }

  /** The unseen count the bell's accessible name carries (0 when it names none). */
  async unseenTotal(): Promise<number> {
    const label = (await this.bell.getAttribute('aria-label')) ?? '';
    return Number(/(\d+)/.exec(label)?.[1] ?? 0);
  }
}

export interface Spoken {
  text: string;
  lang: string;
}

/** Replaces the browser's speech with a recorder whose utterances "end" after 100 ms. */
export async function recordSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const spoken: Array<{ text: string; lang: string }> = [];
    w.__spoken = spoken;
    class RecorderUtterance {
      lang = '';
      onend: ((e: unknown) => void) | null = null;
      onerror: ((e: unknown) => void) | null = null;
      constructor(readonly text: string) {}
    }
    const synth = {
      speak(u: RecorderUtterance) {
        spoken.push({ text: u.text, lang: u.lang });
        setTimeout(() => u.onend?.({}), 100);
      },
      cancel() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: RecorderUtterance, configurable: true });
  });
}

/** What the recorder heard so far, in order. */
export async function spokenUtterances(page: Page): Promise<Spoken[]> {
  return page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken);
}

/** The texts the recorder heard so far, in order. */
export async function spoken(page: Page): Promise<string[]> {
  return (await spokenUtterances(page)).map((s) => s.text);
}

/** Takes the browser's speech away, as in a browser that has none. */
export async function withoutSpeech(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: undefined, configurable: true });
  });
}
