import { listIcalReservations } from "@/lib/api/connectors";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(listIcalReservations);
