// The header reader lives with the PDF renderer (shared/pdf/image_size.ts), which checks data: URI images with it
// too; the documents area imports the PDF area, not the other way round.
export { type ImageSize, imageSize } from "../pdf/image_size.ts";
