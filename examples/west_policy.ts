// examples/west_policy.ts: everybody walks west.
export default function (observation: {
  people: { person_id: string }[];
}) {
  return Object.fromEntries(
    observation.people.map((p) => [p.person_id, "west"]),
  );
}
