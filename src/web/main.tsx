import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { installPlainMessages } from "../contracts/plain-messages";
import { App } from "./app/app";
import "./styles.css";

// Every form checks with the contracts' zod schemas: zod's own messages read as plain words (one place).
installPlainMessages();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
