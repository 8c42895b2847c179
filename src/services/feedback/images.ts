import { checkImageFile } from '../shared/images';
import { FEEDBACK_IMAGE_MAX_BYTES, type InspectedImage } from './schemas';

/**
 * The browser's own check of a picked image (core §5), before anything is uploaded: the size, and
 * the kind read from the first bytes, never from the name or the type the system guessed from it.
 * The service checks the same way (D90).
 */

export const inspectImage = (file: Blob): Promise<InspectedImage> => checkImageFile(file, FEEDBACK_IMAGE_MAX_BYTES);

export const inspectImages = (files: readonly Blob[]) => Promise.all(files.map(inspectImage));
