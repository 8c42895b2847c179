import { visibleText } from './text';

/** Core §5: a required field is filled when something visible remains after trimming. */
export function isFilled(value: string | null | undefined): boolean {
  return typeof value === 'string' && visibleText(value).length > 0;
}
