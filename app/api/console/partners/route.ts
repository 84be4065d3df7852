import { createPartner, listPartners } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listPartners, createPartner);

export const GET = handlers.GET;
export const POST = handlers.POST;
