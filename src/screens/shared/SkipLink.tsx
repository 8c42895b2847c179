import { useTranslation } from 'react-i18next';
import classes from './shared.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First focusable element on every page; visible only while focused (WCAG 2.4.1). */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {t('skipToContent')}
    </a>
  );
}
