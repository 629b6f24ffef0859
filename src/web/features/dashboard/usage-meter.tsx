import { Progress } from '../../components/ui/progress';

/** One usage line: what is used against what is allowed, as text and as a bar. */
export function UsageMeter({
  label,
  used,
  limit,
  percent,
}: {
  label: string;
  used: string;
  limit: string;
  percent: number;
}) {
  return (
    <div>
      <p className="flex justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600">
          {used} of {limit}
        </span>
      </p>
      <Progress value={percent} label={label} className="mt-2" />
    </div>
  );
}
