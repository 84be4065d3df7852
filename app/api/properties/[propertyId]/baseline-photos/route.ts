import { personRoute } from "@/lib/people/page-api";
import { startPhotoUpload } from "@/lib/people/upload-photos";

type Context = { params: Promise<{ propertyId: string }> };

export const POST = personRoute<Context>(
  async (person, request, { params }) => startPhotoUpload(person.id, (await params).propertyId, request),
  { body: "multipart" },
);
