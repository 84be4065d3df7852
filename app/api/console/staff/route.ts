import { addStaffMember, listStaffMembers } from "@/lib/consoles/console-api/staff";
import { routeHandlers } from "@/lib/http/route-handlers";

const handlers = routeHandlers(listStaffMembers, addStaffMember);

export const GET = handlers.GET;
export const POST = handlers.POST;
