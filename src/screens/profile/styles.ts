/** Mantine component styles the profile screens use beyond the always-loaded set (src/app/styles.ts, the shell's), loaded with their chunk: each screen may be the first page opened, so each imports this. */
import '@mantine/core/styles/SimpleGrid.css';
