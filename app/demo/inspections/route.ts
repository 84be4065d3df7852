import { demoHandlers } from "@/lib/demo/demo-route";
import { submitPhotos } from "@/lib/demo/submit-photos";

export const { GET, POST, PUT, PATCH, DELETE } = demoHandlers("/demo/inspections", { POST: submitPhotos });
