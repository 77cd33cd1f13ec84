/**
 * The grade of a fuel class in SQL, for rows that name only the class (records stored before migration
 * 0031_fuel_grade, a backup taken before it, the simulated fleet whose records name classes): the class's own
 * grade in the domain's table (fuel-names.ts `fuelGradeOf`: 'MGO' → 'MGO', 'LPG_PROPANE' → 'LPG propane').
 */
import { fuelGradeOf } from "../../domain/fuels/fuel-names";
import { FUEL_TYPES } from "../../domain/fuels/fuel-types";

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `case <column> when 'LPG_PROPANE' then 'LPG propane' … else <column> end`: the grade of the class in the
 * column; a class spelt as its grade, and a value that is no class, stand for themselves.
 */
export function gradeOfClassSql(column: string): string {
  const renamed = FUEL_TYPES.map((t) => [t, fuelGradeOf(t)!.grade] as const).filter(([t, g]) => t !== g);
  return `case ${column} ${renamed.map(([t, g]) => `when ${quote(t)} then ${quote(g)}`).join(" ")} else ${column} end`;
}
