import { Activity, BarChart3, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../ui/button";

const FEATURES = [
  {
    icon: Activity,
    title: "Monitoring",
    text: "Fuel consumption, SFOC, engine load, speed and weather per vessel, from noon reports, uploads and data loggers.",
  },
  {
    icon: BarChart3,
    title: "Analytics",
    text: "Hull and propeller condition, trim, auxiliary systems and cost per mile, so you know what burns too much and why.",
  },
  {
    icon: ShieldCheck,
    title: "Compliance tracking",
    text: "CII rating for the year before it ends, EEOI per voyage, and the figures for IMO DCS, EU MRV and EU ETS.",
  },
] as const;

/** `/` for signed-out visitors (and while the sign-in check runs). */
export function LandingPage() {
  return (
    <div className="flex flex-col gap-12 py-6 sm:py-12" data-testid="landing">
      <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
          Fuel performance monitoring for your fleet
        </h1>
        <p className="text-lg text-slate-600">
          Sextant brings each vessel's fuel, engine, hull and weather data together, shows where fuel is lost
          and keeps your carbon-intensity compliance in view.
        </p>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <Link to="/login" className={buttonClasses("primary", "px-6 py-2.5 text-base")}>
            Sign In
          </Link>
          <Link to="/register" className={buttonClasses("secondary", "px-6 py-2.5 text-base")}>
            Create account
          </Link>
        </div>
      </section>
      <ul className="grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
            <Icon aria-hidden="true" className="size-6 text-sky-700" />
            <h2 className="mt-3 text-base font-semibold text-slate-900">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
