import { defineArea } from '../shared/define-area';

/** The frame around every signed-in page (core §2 Shell): sidebar, top bar, language, sign-out. */
export default defineArea({ name: 'shell' });
