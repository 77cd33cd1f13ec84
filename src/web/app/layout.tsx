import { Outlet } from "react-router";
import { Toaster } from "../ui/toast/toaster";
import { Footer } from "./footer";
import { Header } from "./header";

/** Header, page and footer: every route renders inside. */
export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
    </div>
  );
}
