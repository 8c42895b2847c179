/** Mantine component styles the sales sign-up screens use beyond the always-loaded set (src/app/styles.ts, the shell's), loaded with their chunk: each screen may be the first page opened, so each imports this. */
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
