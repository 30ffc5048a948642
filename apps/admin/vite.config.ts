import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  base: "/admin/",
  build: { target: "es2022", sourcemap: false },
  server: { port: 5174, proxy: { "/api": "http://localhost:8080", "/wps": "http://localhost:8080" } },
});
