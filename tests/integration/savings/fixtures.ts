// A year of usage as the bill extraction returns it (usageByMonth), summer-peaking like a Texas home.
export const usageByMonth = ([
  ["January", 980],
  ["February", 870],
  ["March", 760],
  ["April", 820],
  ["May", 1100],
  ["June", 1450],
  ["July", 1720],
  ["August", 1810],
  ["September", 1500],
  ["October", 1050],
  ["November", 820],
  ["December", 940],
] as [string, number][]).map(([month, value]) => ({ month, year: 2025, value, unit: "kWh" }));
