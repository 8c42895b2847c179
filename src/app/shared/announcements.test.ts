import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { announcementQueueMachine, SPEAK_TIMEOUT_MS } from '../../machines/notifications/announcementQueue.machine';
import { createSpeakActor, isSpeechSupported, type SpeechEnvironment, type SpeechLanguage } from '../../services/speech/speaker';
import { MUTE_STORAGE_KEY, readMuted, writeMuted } from '../../services/speech/mute-storage';

/** A speechSynthesis stand-in: records utterances; the test decides when each ends. */
function fakeSpeech() {
  const utterances: Array<{ text: string; lang: string; onend: (() => void) | null; onerror: ((e: { error: string }) => void) | null }> =
    [];
  let cancels = 0;
  class Utterance {
    lang = '';
    onend: (() => void) | null = null;
    onerror: ((e: { error: string }) => void) | null = null;
    constructor(readonly text: string) {}
  }
  const env: SpeechEnvironment = {
    speechSynthesis: { speak: (u) => void utterances.push(u as never), cancel: () => void (cancels += 1) },
    SpeechSynthesisUtterance: Utterance as never,
  };
  return { env, utterances, cancels: () => cancels };
}

function queue(env: SpeechEnvironment, language: SpeechLanguage = 'vi') {
  const actor = createActor(
    announcementQueueMachine.provide({
      actors: {
        speak: createSpeakActor(
          () => language,
          () => env,
        ),
      },
    }),
    { input: { speechSupported: isSpeechSupported(env) } },
  );
  actor.start();
  return actor;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('speak actor (Web Speech API)', () => {
  it('speaks in the current language, one utterance at a time, in order', () => {
    const speech = fakeSpeech();
    const actor = queue(speech.env);
    actor.send({ type: 'ANNOUNCE', announcement: { id: 'a', amount: 150_000 } });
    actor.send({ type: 'ANNOUNCE', announcement: { id: 'b', amount: 105_000 } });
    expect(speech.utterances.map((u) => [u.text, u.lang])).toEqual([['Đã nhận một trăm năm mươi nghìn đồng', 'vi-VN']]);
    speech.utterances[0]!.onend!();
    expect(speech.utterances.map((u) => u.text)).toEqual(['Đã nhận một trăm năm mươi nghìn đồng', 'Đã nhận một trăm linh năm nghìn đồng']);
  });

  it('uses en-US and English wording in English', () => {
    const speech = fakeSpeech();
    const actor = queue(speech.env, 'en');
    actor.send({ type: 'ANNOUNCE', announcement: { id: 'a', amount: 150_000 } });
    expect(speech.utterances.map((u) => [u.text, u.lang])).toEqual([['Received 150,000 dong', 'en-US']]);
  });

  it('moves on after an error or a stuck voice, cancelling the stuck one', () => {
    const speech = fakeSpeech();
    const actor = queue(speech.env);
    for (const id of ['a', 'b', 'c']) actor.send({ type: 'ANNOUNCE', announcement: { id, amount: 1000 } });
    speech.utterances[0]!.onerror!({ error: 'synthesis-failed' });
    expect(speech.utterances).toHaveLength(2);
    vi.advanceTimersByTime(SPEAK_TIMEOUT_MS);
    expect(speech.cancels()).toBe(1);
    expect(speech.utterances).toHaveLength(3);
  });

  it('mute stops the voice at once and drops the queue', () => {
    const speech = fakeSpeech();
    const actor = queue(speech.env);
    actor.send({ type: 'ANNOUNCE', announcement: { id: 'a', amount: 1000 } });
    actor.send({ type: 'ANNOUNCE', announcement: { id: 'b', amount: 2000 } });
    actor.send({ type: 'MUTE' });
    expect(speech.cancels()).toBe(1);
    speech.utterances[0]!.onend!();
    expect(speech.utterances).toHaveLength(1);
  });

  it('knows when the browser has no speech synthesis', () => {
    expect(isSpeechSupported({})).toBe(false);
    expect(isSpeechSupported(fakeSpeech().env)).toBe(true);
  });
});

describe('mute preference', () => {
  it('round-trips through local storage and survives a broken storage', () => {
    const store = new Map<string, string>();
    const area = () => ({ getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) });
    expect(readMuted(area)).toBe(false);
    writeMuted(true, area);
    expect(store.get(MUTE_STORAGE_KEY)).toBe('true');
    expect(readMuted(area)).toBe(true);
    const broken = () => ({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    });
    expect(readMuted(broken)).toBe(false);
    expect(() => writeMuted(true, broken)).not.toThrow();
  });
});
