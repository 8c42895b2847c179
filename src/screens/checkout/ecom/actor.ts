import type { ActorRefFrom } from 'xstate';
import type { widgetSettingsMachine } from '../../../machines/checkout/widgetSettings.machine';

/** The e-commerce settings' machine (doc 1 §6 /ecom), which every part of the screen reads and tells. */
export type WidgetSettingsActor = ActorRefFrom<typeof widgetSettingsMachine>;
