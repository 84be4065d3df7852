-- CreateEnum
CREATE TYPE "SandboxOutcome" AS ENUM ('clean', 'findings', 'missed');

-- AlterTable
ALTER TABLE "api_key" ADD COLUMN     "sandbox" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "workspace" ADD COLUMN     "sandbox" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "task" ADD COLUMN     "sandbox_outcome" "SandboxOutcome";
