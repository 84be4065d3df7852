-- CreateTable
CREATE TABLE "api_usage_day" (
    "partner_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "status" INTEGER NOT NULL,
    "error_code" TEXT NOT NULL DEFAULT '',
    "count" BIGINT NOT NULL,

    CONSTRAINT "api_usage_day_pkey" PRIMARY KEY ("partner_id","day","status","error_code")
);
