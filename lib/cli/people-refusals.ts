import { PeopleError } from "../people/manage-seats";
import { InvalidArgumentError } from "./command";

/** A refusal of the people rules, as the CLI reports it: bad input is a bad command line (exit 2), anything else refused (exit 1). */
export async function peopleRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PeopleError)
      throw error.status === 400 ? new InvalidArgumentError(error.message) : new Error(error.message);
    throw error;
  }
}
