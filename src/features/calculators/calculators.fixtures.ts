import type { RndInputs, RoiInputs } from "./calculators.ts";

/** The figures of the examples the tests check against (the product's worked examples). */
export const issueRoi: RoiInputs = {
  currentRevenue: "100000",
  currentCosts: "80000",
  projectedRevenue: "120000",
  projectedCosts: "85000",
  implementationCost: "30000",
  timeframe: "12",
};
/** What the ROI example gives. */
export const issueRoiResults = {
  currentProfit: "20000",
  projectedProfit: "35000",
  annualSavings: "15000",
  roiPercent: "50",
  paybackMonths: "24",
  totalReturn: "-15000",
};
export const issueRnd: RndInputs = {
  totalWages: "200000",
  rdTimePercent: "50",
  supplyCosts: "10000",
  contractorCosts: "20000",
  employees: "8",
};
