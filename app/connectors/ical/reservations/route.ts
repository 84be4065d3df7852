import { listIcalReservations } from "@/lib/partner-api/connectors";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listIcalReservations);
