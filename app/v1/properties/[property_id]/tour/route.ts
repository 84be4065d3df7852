import { deleteTour, putTour } from "@/lib/partner-api/tours";
import { routeHandlers } from "@/lib/http/route-handlers";

export const { GET, POST, PUT, PATCH, DELETE } = routeHandlers(putTour, deleteTour);
