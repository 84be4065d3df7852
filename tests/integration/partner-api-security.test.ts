import { describe, it } from "vitest";
import { operations } from "../../lib/partner-api";
import { describeSecurity, operationLabel, securityRequests } from "../support/security";

/*
 * The authentication cases (spec, Authentication) for every partner API operation, generated
 * from the operation list: a new operation gets them as soon as tests/support/security.ts has a
 * call for it, and fails here (and in tests/unit/security-cases.test.ts) until it does.
 */

for (const operation of operations) {
  const label = operationLabel(operation);
  const request = securityRequests[label];
  if (request === undefined) {
    describe(`${label}: security`, () => {
      it("has a call in tests/support/security.ts securityRequests", () => {
        throw new Error(`No security cases for ${label}: add its call to securityRequests`);
      });
    });
    continue;
  }
  describeSecurity(
    label,
    { method: operation.method, ...request },
    { partnerCheckInHandler: operation.partnerCheck === "in-handler" },
  );
}
