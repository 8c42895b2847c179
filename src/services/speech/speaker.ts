import { fromCallback, type EventObject } from 'xstate';

type SpeechEvent = EventObject & ({ type: 'SPEECH.END' } | { type: 'SPEECH.ERROR'; code: string });
import type { Announcement } from './announcement';
import { spokenPaymentAnnouncement } from './amount-words';

/**
 * The announcementQueue machine's `speak` actor on the Web Speech API. The text and voice follow the
 * portal language at the moment of speaking (vi-VN or en-US). Stopping the actor (mute, time-out)
 * cancels the utterance so nothing speaks over the next one.
 */

export type SpeechLanguage = 'vi' | 'en';

export interface SpeechEnvironment {
  speechSynthesis?: Pick<SpeechSynthesis, 'speak' | 'cancel'> | undefined;
  SpeechSynthesisUtterance?: (new (text: string) => SpeechSynthesisUtterance) | undefined;
}

const LOCALES: Record<SpeechLanguage, string> = { vi: 'vi-VN', en: 'en-US' };

function browserEnvironment(): SpeechEnvironment {
  if (typeof window === 'undefined') return {};
  const w = window as unknown as SpeechEnvironment;
  return { speechSynthesis: w.speechSynthesis, SpeechSynthesisUtterance: w.SpeechSynthesisUtterance };
}

export function isSpeechSupported(env: SpeechEnvironment = browserEnvironment()): boolean {
  return Boolean(env.speechSynthesis && typeof env.SpeechSynthesisUtterance === 'function');
}

export function createSpeakActor(language: () => SpeechLanguage, env: () => SpeechEnvironment = browserEnvironment) {
  return fromCallback<EventObject, Announcement>(({ input, sendBack }) => {
    const { speechSynthesis, SpeechSynthesisUtterance: Utterance } = env();
    if (!speechSynthesis || !Utterance) {
      sendBack({ type: 'SPEECH.ERROR', code: 'SPEECH_UNSUPPORTED' });
      return undefined;
    }
    const lang = language();
    let finished = false;
    const finish = (event: SpeechEvent) => {
      if (finished) return;
      finished = true;
      sendBack(event);
    };
    try {
      const utterance = new Utterance(spokenPaymentAnnouncement(input.amount, lang));
      utterance.lang = LOCALES[lang];
      utterance.onend = () => finish({ type: 'SPEECH.END' });
      utterance.onerror = (event) => finish({ type: 'SPEECH.ERROR', code: String((event as { error?: unknown }).error ?? 'SPEECH_ERROR') });
      speechSynthesis.speak(utterance);
    } catch {
      finish({ type: 'SPEECH.ERROR', code: 'SPEECH_ERROR' });
    }
    return () => {
      if (!finished) {
        finished = true;
        speechSynthesis.cancel();
      }
    };
  });
}
