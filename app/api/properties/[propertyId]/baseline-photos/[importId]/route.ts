import { personRoute } from "@/lib/people/page-api";
import { readPhotoUpload } from "@/lib/people/upload-photos";

type Context = { params: Promise<{ propertyId: string; importId: string }> };

export const GET = personRoute<Context>(async (person, _request, { params }) => {
  const { propertyId, importId } = await params;
  return readPhotoUpload(person.id, propertyId, importId);
});
