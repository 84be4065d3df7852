import { demoHandlers } from "@/lib/demo/demo-route";
import { submitVideo } from "@/lib/demo/submit-video";

export const { GET, POST, PUT, PATCH, DELETE } = demoHandlers("/demo/videos", { POST: submitVideo });
