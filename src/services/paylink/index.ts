export { createPayLinkActors, type PayLinkActors } from './actors';
export { createLinkKeys, LINK_KEY_SLOT, type LinkKeys } from './link-keys';
