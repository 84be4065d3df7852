import { putTapStill } from "@/lib/recording/recorder-api";
import { recorderHandlers } from "@/lib/recording/recorder-route";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = recorderHandlers(putTapStill);
