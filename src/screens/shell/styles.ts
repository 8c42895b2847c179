/** Component styles of the shell, loaded with its chunk (see src/app/styles.ts). */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Input.css';
