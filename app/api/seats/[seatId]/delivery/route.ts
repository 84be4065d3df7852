import { setDeliveryChoice } from "@/lib/people/manage-seats";
import { jsonBody, personRoute } from "@/lib/people/page-api";

type Context = { params: Promise<{ seatId: string }> };

export const PUT = personRoute<Context>(async (person, request, { params }) =>
  setDeliveryChoice(person.id, (await params).seatId, await jsonBody(request)),
);
