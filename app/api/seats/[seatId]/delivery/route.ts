import { setSeatDelivery } from "@/lib/people/people-api";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(setSeatDelivery);

export const PUT = handlers.PUT;
