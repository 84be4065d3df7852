export { staffFailReasons, type StaffFailReason } from "../inspections/failure-reasons";
